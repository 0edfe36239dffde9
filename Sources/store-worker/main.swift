/// Placeholder until the store engine lands: a worker process the kill tests run and kill.
print("store-worker: not built yet")
