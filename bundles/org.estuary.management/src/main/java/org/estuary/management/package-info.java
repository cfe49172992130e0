/**
 * What the management views of every Estuary service share: {@link org.estuary.management.Page}, one
 * page of a long list read without loading the rest, and {@link org.estuary.management.Ids}, ids as the web
 * console, the shell and JMX show and read them. A service's admin interface returns these types, so the console
 * and the shell depend on this package and on the service's admin package, never on another service.
 * {@link org.estuary.management.Registrations} puts a service's proxy, admin interface, view and MXBean into the
 * OSGi service registry as steps of its activation.
 * {@link org.estuary.management.MetricsHistory} keeps every view's recent metrics for the console's charts.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.5.0")
package org.estuary.management;
