print("reuse-shell")
