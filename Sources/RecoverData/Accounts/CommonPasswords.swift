/// The common-password check of ``PasswordPolicy`` (ASVS: refuse passwords found in breaches).
///
/// Breach lists are dominated by a few hundred words and names with a little decoration: `monkey123`,
/// `letmein!`, `P@ssw0rd1`, `Summer2024!`. So a password is common when it is on the list below, when it
/// has at most two different characters (`        `, `aaaaaaaa`, `abababab`), or when taking off up to
/// six digits, symbols or spaces at its ends and undoing l33t spellings leaves a common word or password.
/// zxcvbn (``PasswordPolicy``) then judges what is left; this check gives the plainer message.
enum CommonPasswords {
    /// Whether `password` is common (see the type's description).
    static func contains(_ password: String) -> Bool {
        let lowered = password.lowercased()
        if Set(lowered.unicodeScalars).count <= 2 || lowered.allSatisfy(\.isWhitespace) { return true }
        if list.contains(lowered) { return true }
        let scalars = Array(lowered.unicodeScalars)
        guard let first = scalars.firstIndex(where: isLetter), let last = scalars.lastIndex(where: isLetter)
        else { return false }
        guard first + (scalars.count - 1 - last) <= 6 else { return false }
        var core = String.UnicodeScalarView()
        core.append(contentsOf: scalars[first...last])
        let word = String(core)
        return list.contains(word) || roots.contains(word) || roots.contains(unleet(word))
            || list.contains(unleet(word))
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }

    /// `p@ssw0rd` → `password`: the substitutions of breach lists.
    static func unleet(_ word: String) -> String {
        String(String.UnicodeScalarView(word.unicodeScalars.map { leet[$0] ?? $0 }))
    }

    private static let leet: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i",
    ]

    /// Passwords of 8 characters or more that top the published breach frequency lists, lower-cased.
    /// Shorter ones are refused by length anyway.
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
        "1qaz2wsx3edc", "1qaz@wsx", "zaq1@wsx", "zaq1zaq1", "1q2w3e4r5t6y7u", "q1w2e3r4t5y6",
        "asdfasdf", "qwerqwer", "zxcvzxcv", "qwertyuio", "asdfghjkl;", "!@#$%^&*", "!@#$%^&*()",
        "1234567a", "12345qwert", "qwert12345", "147258369", "159753456", "147852369", "741852963",
        "789456123", "123654789", "963852741", "123789456", "321654987", "5201314", "woaini1314520",
        "iloveyou!", "iloveyou12", "iloveu2", "passw0rd!", "p@ssw0rd!", "p@ssw0rd1", "password2",
        "password01", "password11", "password99", "password2024", "password2025", "password2026",
        "welcome2024", "welcome2025", "welcome2026", "letmein123", "letmein!", "monkey123",
    ]

    /// Words and names that breach lists decorate (`monkey` → `monkey123`, `Monkey!`), lower-cased.
    static let roots: Set<String> = [
        "password", "passwort", "motdepasse", "contrasena", "senha", "parola", "passwd", "pass", "passe",
        "letmein", "welcome", "login", "admin", "administrator", "root", "user", "guest", "test", "demo",
        "default", "secret", "private", "master", "access", "changeme", "hello", "monkey", "dragon",
        "shadow", "sunshine", "princess", "football", "baseball", "basketball", "soccer", "hockey",
        "tennis", "golf", "superman", "batman", "spiderman", "starwars", "pokemon", "naruto", "qwerty",
        "azerty", "qwertz", "asdf", "asdfgh", "asdfghjkl", "zxcvbn", "zxcvbnm", "qwertyuiop", "qazwsx",
        "iloveyou", "iloveu", "loveyou", "love", "lovely", "lover", "trustno", "freedom", "whatever",
        "nothing", "something", "michael", "jordan", "jennifer", "jessica", "ashley", "amanda", "daniel",
        "andrew", "joshua", "matthew", "thomas", "robert", "charlie", "william", "george", "hunter",
        "ranger", "buster", "tigger", "pepper", "ginger", "cookie", "chocolate", "cheese", "banana",
        "orange", "apple", "summer", "winter", "spring", "autumn", "flower", "butterfly", "angel",
        "baby", "babygirl", "family", "forever", "friends", "friend", "happy", "smile", "lucky", "money",
        "killer", "hacker", "matrix", "mustang", "ferrari", "porsche", "harley", "yamaha", "honda",
        "toyota", "corvette", "merlin", "wizard", "magic", "silver", "golden", "diamond", "crystal",
        "purple", "yellow", "maggie", "bailey", "buddy", "rocky", "jasper", "molly", "sophie", "chelsea",
        "arsenal", "liverpool", "manchester", "barcelona", "juventus", "madrid", "dallas", "yankees",
        "cowboys", "steelers", "eagles", "lakers", "packers", "chicago", "boston", "london", "paris",
        "berlin", "china", "beijing", "shanghai", "japan", "tokyo", "america", "canada", "mexico",
        "computer", "internet", "samsung", "google", "iphone", "facebook", "twitter", "instagram",
        "linkedin", "youtube", "microsoft", "windows", "linux", "ubuntu", "oracle", "heaven", "jesus",
        "christ", "blessed", "faith", "hope", "grace", "peace", "nirvana", "metallica", "slipknot",
        "eminem", "rockstar", "guitar", "music", "player", "gamer", "gaming", "soleil", "bonjour",
        "january", "february", "march", "april", "june", "july", "august", "september", "october",
        "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "woaini", "aini", "wangyi", "zhangwei", "wangwei", "woaiwojia", "woshishui", "nihao",
        "qingfeng", "tianya", "xiaoming", "zhongguo", "laopo", "laogong", "baobao", "baobei", "aiai",
        "recover", "recovery", "knee", "surgery", "rehab", "rehabilitation", "physio", "patient",
        "hospital", "clinic", "doctor", "nurse", "study", "research", "health", "healthy", "abcdef",
        "abcdefg", "abcdefgh", "trustme", "letmeinnow", "iloveyoutoo", "mypassword", "newpassword",
        "mysecret", "superstar", "sweetheart", "sweetie", "honey", "sugar", "darling", "sexy",
        "qwertyu", "thunder", "lightning", "tiger", "lion", "eagle", "falcon",
        "phoenix", "dolphin", "panther", "jaguar", "cowboy", "rainbow", "unicorn", "snoopy", "mickey",
        "minnie", "donald", "garfield", "scooby", "simpsons", "homer", "pikachu", "mario", "zelda",
        "minecraft", "fortnite", "roblox", "hello kitty", "hellokitty",
    ]
}
