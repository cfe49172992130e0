/**
 * Java RMI transport for Estuary services: backends exported on endpoints that bind 127.0.0.1 unless configured,
 * with the {@link org.estuary.io.SerialFilter} allowlist on every export, bounded client-side call timeouts, optional
 * TLS with client authentication, one RMI registry per container, and {@link org.estuary.remote.BackendRef}, the
 * handle a proxy holds so that it survives a swap of the service and a restart of the container.
 *
 * <p>In OSGi, get the {@link org.estuary.remote.Exporter} service (PID {@code org.estuary.remote}); in plain Java,
 * {@link org.estuary.remote.RmiExporter#start(RemoteSettings)}. A service component attaches its backend to the
 * exporter with {@link org.estuary.remote.component.ServiceExport}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.2.0")
package org.estuary.remote;
