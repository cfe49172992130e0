/**
 * The entry marker interface and the exception reporting entries that could not be fully unmarshalled; these are
 * the core entry types the lookup service and the lookup discovery service (LD.1.2) build on, as in the published
 * Jini 2.x API.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.entry;
