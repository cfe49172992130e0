/**
 * Management view of the lookup discovery service: paged reads of the lookup services discovery knows and of the
 * registrations with their interests, the metrics, and the operator's action, cancel a registration. The service
 * registers a {@link org.estuary.discovery.admin.DiscoveryAdmin} in the OSGi registry; its view, shell commands,
 * console page and MBean use it.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.discovery.admin;
