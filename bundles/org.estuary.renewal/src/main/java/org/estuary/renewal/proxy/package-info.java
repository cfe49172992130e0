/**
 * The serializable proxies of the lease renewal service (LR): the service, its sets, the renewal failure event,
 * and the backend interface they call through an {@code org.estuary.remote.BackendRef}. Exported so that clients in
 * other JVMs and other containers can load the proxies they receive.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.renewal.proxy;
