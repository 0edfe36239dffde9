/// Placeholder until the module lands.
enum TapesPlaceholder {}
