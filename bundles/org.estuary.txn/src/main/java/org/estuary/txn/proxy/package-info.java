/**
 * The serializable proxies of the transaction manager (TX): the manager itself, the participant by which one of its
 * nested transactions takes part in a parent held by another manager, and the backend interface they call through
 * an {@code org.estuary.remote.BackendRef}. Exported by {@code org.estuary.client} alone, which carries these
 * classes, so that clients and other managers in other JVMs and other containers can load the proxies they receive
 * without this service's bundle; this bundle imports them from there.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.txn.proxy;
