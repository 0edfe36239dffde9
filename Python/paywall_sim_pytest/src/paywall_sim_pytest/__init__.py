"""pytest fixtures that run `paywall-sim serve` as the App Store for a backend's test suite."""
from .binary import PaywallSimNotFound, find_binary
from .simulator import PaywallSim, PaywallSimError
from .webhook import WebhookReceiver

__all__ = ["PaywallSim", "PaywallSimError", "PaywallSimNotFound", "WebhookReceiver", "find_binary"]
