/// Placeholder until the module lands.
enum ProfilesPlaceholder {}
