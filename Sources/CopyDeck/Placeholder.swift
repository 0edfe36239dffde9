/// Placeholder until the module lands.
enum CopyDeckPlaceholder {}
