/**
 * What the lookup discovery service's proxies run in the client's JVM: {@link
 * org.estuary.discovery.proxy.RegistrarUnmarshalling}, the element-by-element unmarshalling of the registrars a
 * registration's {@code getRegistrars} returns (LD.4.1.1, LD.4.3).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.discovery.proxy;
