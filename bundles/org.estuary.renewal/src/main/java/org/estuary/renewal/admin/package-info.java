/**
 * Management view of the lease renewal service: paged reads of its sets and client leases, and the
 * operator's two actions, cancel a set and remove a client lease. The service registers a {@link
 * org.estuary.renewal.admin.RenewalAdmin} in the OSGi registry; the web console plugins and the shell commands
 * use it. It reads the service's own tables under its lock and never copies more than one page.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.renewal.admin;
