/**
 * The locator class for unicast discovery of a lookup service at a known host and port; the lookup discovery service
 * manages sets of these (LD.1.2, LD.4.1.1). Published Jini 2.x API and serialized form.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.discovery;
