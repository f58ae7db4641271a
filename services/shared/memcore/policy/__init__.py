"""Policy contract (request/response models) and clients shared by memory-api and the policy service."""
