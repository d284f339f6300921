"""Sessions and transports for LAN play (asyncio; no Qt)."""
