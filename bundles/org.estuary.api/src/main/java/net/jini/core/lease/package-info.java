/**
 * The basic leasing interfaces and exceptions through which a grantor hands out time-bounded access to a
 * resource and a holder renews or cancels it (Distributed Leasing, LE.2).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.lease;
