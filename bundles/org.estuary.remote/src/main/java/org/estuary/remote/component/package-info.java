/**
 * The DS skeleton every Estuary service component extends: {@link org.estuary.remote.component.ServiceComponent}
 * holds the service's store and exporter references, its activation (recovery, registrations, export, each with its
 * undo) and its deactivation, so a service's component writes only its configuration, how its service is built and
 * what its operators see; {@link org.estuary.remote.component.ServiceExport} keeps its backend exported through
 * every exporter that comes and goes. A separate package from {@code org.estuary.remote}, whose classes plain Java clients carry:
 * this one speaks to the OSGi framework and the management bundle, which they do not have.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.2.0")
package org.estuary.remote.component;
