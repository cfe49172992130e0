/**
 * The lease renewal service, which renews client leases on behalf of clients that cannot or do not want to,
 * together with its renewal sets, events and exception (Lease Renewal Service, LR.2).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.lease;
