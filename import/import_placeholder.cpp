// Placeholder until the tegrastats parser lands.
