/// The words of the signed consent PDF in the record's language: English, or Simplified Chinese for `zh-Hans`.
struct ConsentPDFLabels: Sendable {
    var title: String
    var tampered: String
    var signature: String
    var meaning: String
    var signedBy: String
    var details: String
    var printedName: String
    var signedAt: String
    var signedAtUTC: String
    var version: String
    var language: String
    var documentHash: String
    var bindingHash: String
    var serverSignature: String
    var keyID: String
    var unsigned: String
    var record: String
    var noImage: String
    var checking: String
    var page: @Sendable (Int, Int) -> String

    static func forLanguage(_ tag: String) -> ConsentPDFLabels {
        tag.lowercased().hasPrefix("zh") ? chinese : english
    }

    static let english = ConsentPDFLabels(
        title: "Signed informed consent",
        tampered:
            "Warning: the stored fields of this record no longer match its hashes. It was changed after signing.",
        signature: "Signature", meaning: "Meaning of the signature", signedBy: "Signed by: ",
        details: "Signature record", printedName: "Printed name", signedAt: "Date and time of signing",
        signedAtUTC: "The same in UTC", version: "Document version", language: "Language",
        documentHash: "Document SHA-256", bindingHash: "Record binding hash (SHA-256)",
        serverSignature: "Server signature (Ed25519, base64)", keyID: "Server key id",
        unsigned: "not signed by the server", record: "Record", noImage: "(the signature image could not be read)",
        checking:
            "This is a copy of the consent record as the Recover server stores it. The binding hash covers every "
            + "field above, the document and the signature image; the server signed it with the key named above. "
            + "Anyone with the server's public key can check that nothing changed after signing (recover consent "
            + "verify).",
        page: { page, pages in "Page \(page) of \(pages)" })

    static let chinese = ConsentPDFLabels(
        title: "已签署的知情同意书",
        tampered: "警告：此记录所存的字段与其哈希值不再相符，签署后曾被更改。",
        signature: "签名", meaning: "签名的含义", signedBy: "签署人：",
        details: "签名记录", printedName: "签署人姓名", signedAt: "签署日期和时间",
        signedAtUTC: "协调世界时（UTC）", version: "文件版本", language: "语言",
        documentHash: "文件 SHA-256", bindingHash: "记录绑定哈希（SHA-256）",
        serverSignature: "服务器签名（Ed25519，base64）", keyID: "服务器密钥标识",
        unsigned: "未经服务器签名", record: "记录", noImage: "（无法读取签名图像）",
        checking:
            "本文件是 Recover 服务器所存知情同意记录的副本。绑定哈希涵盖上列每个字段、同意书全文和签名图像；"
            + "服务器已用上面注明的密钥对其签名。任何持有服务器公钥的人都可以核实签署后没有任何更改"
            + "（recover consent verify）。",
        page: { page, pages in "第 \(page) 页，共 \(pages) 页" })
}
