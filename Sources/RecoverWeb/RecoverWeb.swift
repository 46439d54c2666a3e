import CMicroHTTPD
import CSodium
import MHDShim

/// The web layer: HTTP transport over libmicrohttpd, routing, middleware, pages and assets.
public enum RecoverWebInfo {
    /// The libmicrohttpd version this build links against.
    public static var microHTTPDVersion: String { String(cString: MHD_get_version()) }
}
