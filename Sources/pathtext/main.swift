print("pathtext")
