"""Observability shared by every service (issue 14): OpenTelemetry traces (`tracing`) and Prometheus
metrics (`metrics`), and the ASGI middleware that gives each request its server span and its latency
(`middleware`). See docs/operations.md for what to plot and alert on."""
