// The themes in Themes/, embedded so the binary works from any directory.
// Regenerate after editing a theme file; BuiltInThemesTests checks they are equal.

/// Sources of the built-in themes, by name.
enum BuiltInThemes {
    static let sources: [String: String] = [
        "dark": darkSource,
        "light": lightSource,
        "mono": monoSource,
    ]

    static let darkSource = """
    # PaywallSim — dark theme (the default).
    #
    # role = FOREGROUND [on BACKGROUND] [bold] [underline] [reverse] [mono: ATTRIBUTES]
    # A color is 256/16/8: the 256-color index, then the 16- and 8-color fallbacks
    # (names: black red green yellow blue magenta cyan white, bright… for 8–15, or default).
    # "mono:" lists the attributes used instead of colors when the terminal has none (NO_COLOR).

    name   = dark
    glyphs = rounded

    background     = default on default
    surface        = default on 235/black/black
    text           = 252/white/white
    muted          = 245/brightblack/white                              mono: plain
    dim            = 240/brightblack/white                              mono: plain
    accent         = 111/brightblue/blue bold
    title          = 255/brightwhite/white bold
    badge          = 16/black/black on 214/brightyellow/yellow bold     mono: reverse bold
    price          = 229/brightyellow/yellow bold
    priceSecondary = 245/brightblack/white                              mono: plain
    cta            = 16/black/black on 42/brightgreen/green bold        mono: reverse bold
    ctaText        = 16/black/black on 42/brightgreen/green bold        mono: reverse bold
    error          = 203/brightred/red bold                             mono: bold underline
    success        = 114/brightgreen/green bold
    warning        = 221/brightyellow/yellow bold
    border         = 240/brightblack/white                              mono: plain
    selection      = 255/brightwhite/white on 24/blue/blue              mono: reverse
    selectionText  = 255/brightwhite/white on 24/blue/blue bold         mono: reverse bold
    link           = 117/brightcyan/cyan underline

    """

    static let lightSource = """
    # PaywallSim — light theme: dark text on a white background it paints itself,
    # so it reads the same whatever the terminal's own background is.
    #
    # role = FOREGROUND [on BACKGROUND] [bold] [underline] [reverse] [mono: ATTRIBUTES]
    # A color is 256/16/8 (see README, "Themes").

    name   = light
    glyphs = rounded

    background     = 235/black/black on 231/brightwhite/white
    surface        = 235/black/black on 254/white/white
    text           = 235/black/black on 231/brightwhite/white
    muted          = 243/brightblack/black on 231/brightwhite/white      mono: plain
    dim            = 248/brightblack/black on 231/brightwhite/white      mono: plain
    accent         = 25/blue/blue on 231/brightwhite/white bold
    title          = 16/black/black on 231/brightwhite/white bold
    badge          = 231/brightwhite/white on 166/red/red bold           mono: reverse bold
    price          = 22/green/green on 231/brightwhite/white bold
    priceSecondary = 243/brightblack/black on 231/brightwhite/white      mono: plain
    cta            = 231/brightwhite/white on 25/blue/blue bold          mono: reverse bold
    ctaText        = 231/brightwhite/white on 25/blue/blue bold          mono: reverse bold
    error          = 160/red/red on 231/brightwhite/white bold           mono: bold underline
    success        = 28/green/green on 231/brightwhite/white bold
    warning        = 130/yellow/yellow on 231/brightwhite/white bold
    border         = 250/white/black on 231/brightwhite/white            mono: plain
    selection      = 16/black/black on 153/brightcyan/cyan               mono: reverse
    selectionText  = 16/black/black on 153/brightcyan/cyan bold          mono: reverse bold
    link           = 25/blue/blue on 231/brightwhite/white underline

    """

    static let monoSource = """
    # PaywallSim — monochrome high contrast: the terminal's own colors, attributes only.
    # Looks the same with or without color support.
    #
    # role = FOREGROUND [on BACKGROUND] [bold] [underline] [reverse] [mono: ATTRIBUTES]

    name   = mono
    glyphs = square

    background     = default
    surface        = default
    text           = default
    muted          = default
    dim            = default
    accent         = default bold
    title          = default bold underline
    badge          = default reverse bold
    price          = default bold
    priceSecondary = default
    cta            = default reverse bold
    ctaText        = default reverse bold
    error          = default bold underline
    success        = default bold
    warning        = default bold
    border         = default
    selection      = default reverse
    selectionText  = default reverse bold
    link           = default underline

    """
}
