/// Placeholder until the module lands.
enum SimRuntimePlaceholder {}
