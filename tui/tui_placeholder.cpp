// Placeholder until the screens land.
