/// Placeholder until the module lands.
enum TerminalUIPlaceholder {}
