/// Placeholder until the module lands.
enum PersistencePlaceholder {}
