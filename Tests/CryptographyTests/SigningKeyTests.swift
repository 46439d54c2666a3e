import Cryptography
import Foundation
import Testing

@Suite struct SigningKeyTests {
    let message = Array("binding-hash:3f2a".utf8)

    @Test func aSignatureVerifiesWithItsPublicKeyOnly() {
        let key = SigningKey.generate()
        let other = SigningKey.generate()
        let signature = key.sign(message)
        #expect(signature.count == 64 && key.publicKey.count == 32)
        #expect(SigningKey.isValid(signature: signature, of: message, publicKey: key.publicKey))
        #expect(!SigningKey.isValid(signature: signature, of: message, publicKey: other.publicKey))
    }

    @Test func anyChangedByteOfMessageOrSignatureFails() {
        let key = SigningKey.generate()
        let signature = key.sign(message)
        for index in message.indices {
            var changed = message
            changed[index] ^= 0x01
            #expect(!SigningKey.isValid(signature: signature, of: changed, publicKey: key.publicKey))
        }
        for index in signature.indices {
            var changed = signature
            changed[index] ^= 0x80
            #expect(!SigningKey.isValid(signature: changed, of: message, publicKey: key.publicKey))
        }
        #expect(!SigningKey.isValid(signature: Array(signature.prefix(63)), of: message, publicKey: key.publicKey))
    }

    @Test func theSeedRecreatesTheSameKey() throws {
        let key = SigningKey.generate()
        let again = try SigningKey(seed: key.seed)
        #expect(again.publicKey == key.publicKey)
        #expect(again.sign(message) == key.sign(message))  // Ed25519 signatures are deterministic
        #expect(throws: SigningKeyError.wrongSeedLength(31)) { try SigningKey(seed: Array(repeating: 1, count: 31)) }
    }

    @Test func rfc8032TestVectorOne() throws {
        // RFC 8032, section 7.1, TEST 1: the empty message.
        let seed = bytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        let key = try SigningKey(seed: seed)
        #expect(Crypto.hex(key.publicKey) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        #expect(
            Crypto.hex(key.sign([]))
                == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        )
    }

    private func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }
}

@Suite struct ServerSigningKeyTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "signing-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func theKeyIsCreatedOnceOwnerOnlyAndReloaded() throws {
        #expect(try ServerSigningKey.load(dataDirectory: folder) == nil)
        let created = try ServerSigningKey.loadOrCreate(dataDirectory: folder)
        let path = folder.appending(path: ServerSigningKey.fileName).path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try ServerSigningKey.loadOrCreate(dataDirectory: folder)
        #expect(again.publicKey == created.publicKey)
        #expect(Data(base64Encoded: ServerSigningKey.publicKeyText(created)) == Data(created.publicKey))
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        _ = try ServerSigningKey.loadOrCreate(dataDirectory: folder)
        let path = folder.appending(path: ServerSigningKey.fileName).path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: SigningKeyError.self) { try ServerSigningKey.load(dataDirectory: folder) }
    }

    @Test func aDamagedKeyFileIsRefused() throws {
        let path = folder.appending(path: ServerSigningKey.fileName).path
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data("garbage\n".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(throws: SigningKeyError.self) { try ServerSigningKey.loadOrCreate(dataDirectory: folder) }
    }
}
