/**
 * The serializable proxies of the lookup discovery service (LD) and what they run in the client's JVM: the service
 * ({@link org.estuary.discovery.proxy.LookupDiscoveryProxy}), its registrations
 * ({@link org.estuary.discovery.proxy.RegistrationProxy}), the backend interface they call through an
 * {@code org.estuary.remote.BackendRef}, the events the service sends
 * ({@link org.estuary.discovery.proxy.MarshalledDiscoveryEvent}, made from marshalled lookup service proxies) and
 * the element-by-element unmarshalling of the registrars {@code getRegistrars} returns
 * ({@link org.estuary.discovery.proxy.RegistrarUnmarshalling}, LD.4.1.1, LD.4.3). Exported by {@code org.estuary.client}
 * alone, which carries these classes, so that clients in other JVMs and containers can load the proxies and events
 * they receive without the service's bundle; this bundle imports them from there.
 */
@org.osgi.annotation.versioning.Version("1.1.0")
package org.estuary.discovery.proxy;
