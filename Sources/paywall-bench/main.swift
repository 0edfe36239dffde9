print("paywall-bench: not built yet")
