// Placeholder until the session writer lands.
