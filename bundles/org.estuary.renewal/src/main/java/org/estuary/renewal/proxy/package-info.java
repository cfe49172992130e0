/**
 * The serializable proxies of the lease renewal service (LR): the service, its sets, the renewal failure event,
 * and the backend interface they call through an {@code org.estuary.remote.BackendRef}. Exported by
 * {@code org.estuary.client} alone, which carries these classes, so that clients in other JVMs and other containers
 * can load the proxies they receive without the service's bundle; this bundle imports them from there.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.renewal.proxy;
