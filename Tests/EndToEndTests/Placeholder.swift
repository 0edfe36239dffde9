// Tests for this target land with its module.
