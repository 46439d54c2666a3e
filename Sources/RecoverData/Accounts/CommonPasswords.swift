/// Passwords of 8 characters or more that top the published breach frequency lists, lower-cased.
/// Shorter ones are refused by length anyway.
enum CommonPasswords {
    static let list: Set<String> = [
        "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd",
        "p@ssword", "pa55word", "12345678", "123456789", "1234567890", "12345678910", "0123456789",
        "87654321", "987654321", "11111111", "111111111", "00000000", "000000000", "22222222",
        "88888888", "66666666", "99999999", "12341234", "11223344", "12121212", "123123123",
        "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "qwertyui", "qwertyuiop", "qwerty123", "qwerty12",
        "qwerty1234", "asdfghjk", "asdfghjkl", "zxcvbnm1", "zaq12wsx", "abcd1234", "abc12345",
        "abcdefgh", "iloveyou", "iloveyou1", "sunshine", "princess", "football", "baseball",
        "basketball", "superman", "starwars", "whatever", "trustno1", "welcome1", "welcome123",
        "letmein1", "computer", "internet", "michelle", "jennifer", "jordan23", "charlie1",
        "liverpool", "chocolate", "butterfly", "password!", "changeme", "changeme1", "admin123",
        "administrator", "adminadmin", "rootroot", "test1234", "testtest", "master123", "mustang1",
        "shadow12", "monkey12", "dragon12", "football1", "q1w2e3r4", "q1w2e3r4t5", "1234qwer",
        "qwer1234", "a1b2c3d4", "aaaaaaaa", "asdf1234", "zxcvbnm123", "11111111a", "a123456789",
        "woaini1314", "5201314520", "1314520520", "woaini520", "iloveyou2", "recover123",
        "recovery", "recovery1", "hello123", "hellohello", "samsung1", "google123", "facebook",
        "linkedin", "secret123", "passpass", "qazwsxedc", "1qazxsw2", "!qaz2wsx", "123qweasd",
        "qweasdzxc", "1q2w3e4r5t6y", "123456abc", "abc123456", "123abc456", "12qwaszx",
    ]
}
