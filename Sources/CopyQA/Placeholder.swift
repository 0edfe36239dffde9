/// Placeholder until the module lands.
enum CopyQAPlaceholder {}
