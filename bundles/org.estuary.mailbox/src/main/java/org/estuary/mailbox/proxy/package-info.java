/**
 * The serializable proxies of the event mailbox (EM): the service, its registrations, the mailbox listener that
 * generators call, the pull iterator, and the backend interface they call through an
 * {@code org.estuary.remote.BackendRef}. Exported by {@code org.estuary.client} alone, which carries these classes,
 * so that clients and generators in other JVMs and other containers can load the proxies they receive without the
 * service's bundle; this bundle imports them from there.
 */
@org.osgi.annotation.versioning.Version("1.1.0")
package org.estuary.mailbox.proxy;
