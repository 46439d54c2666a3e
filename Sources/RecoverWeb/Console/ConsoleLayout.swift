import Web

/// The frame of every console page: the site layout, the console's stylesheet and its section navigation.
enum ConsoleLayout {
    /// The console's sections, in navigation order.
    enum Section: String, CaseIterable {
        case dashboard, participants, invitations, staff, contact, messages, study, export, settings

        var path: String { self == .dashboard ? "/console" : "/console/\(rawValue)" }
        var isAdminOnly: Bool { self == .invitations || self == .staff || self == .contact }
    }

    /// A console page; `section` is marked as the current one in the navigation.
    static func page(title: String, section: Section?, request: Request, body: HTML) -> HTML {
        let t = Localizer(request.language)
        let isAdmin = request.account?.role == .admin
        let links = Section.allCases.filter { isAdmin || !$0.isAdminOnly }.map { item in
            let current: HTML = item == section ? " aria-current=\"page\"" : .empty
            return HTML("<li><a href=\"\(item.path)\"\(current)>\(t["console.nav.\(item.rawValue)"])</a></li>")
        }
        // A stylesheet link is allowed in the body (it is "body-ok"); it keeps the shared layout unchanged.
        return Layout.page(
            title: title, request: request,
            body: """
                <link rel="stylesheet" href="\(AssetCatalog.shared.url("console.css"))">
                <div class="console">
                <nav class="console-nav" aria-label="\(t["console.nav.label"])"><ul>\(links)</ul></nav>
                \(body)
                </div>
                """)
    }

    /// A table inside a wrapper that scrolls sideways on narrow screens (the page itself never does).
    static func table(caption: String, captionHidden: Bool = false, head: [String], rows: [HTML]) -> HTML {
        let captionClass: HTML = captionHidden ? " class=\"visually-hidden\"" : .empty
        let headCells = head.map { HTML("<th scope=\"col\">\($0)</th>") }
        return """
            <div class="table-scroll" role="region" aria-label="\(caption)" tabindex="0">
            <table class="data-table"><caption\(captionClass)>\(caption)</caption>
            <thead><tr>\(headCells)</tr></thead><tbody>\(rows)</tbody></table>
            </div>
            """
    }
}
