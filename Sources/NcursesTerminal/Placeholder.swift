/// Placeholder until the module lands.
enum NcursesTerminalPlaceholder {}
