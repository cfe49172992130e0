package org.estuary.config.internal;

import org.apache.felix.metatype.AD;
import org.osgi.service.metatype.AttributeDefinition;

/** Attribute definitions as Karaf's MetaType service builds them from a component's metatype XML. */
final class Definitions {

    private Definitions() {
    }

    static AttributeDefinition attribute(String id, String type, String min, String max) {
        return attribute(id, type, min, max, null);
    }

    static AttributeDefinition attribute(String id, String type, String min, String max, String defaultValue) {
        return attribute(id, type, min, max, defaultValue, 0);
    }

    /** A String[] attribute, as bnd declares one (cardinality {@code Integer.MAX_VALUE}). */
    static AttributeDefinition list(String id) {
        return attribute(id, "String", null, null, null, Integer.MAX_VALUE);
    }

    private static AttributeDefinition attribute(String id, String type, String min, String max, String defaultValue,
            int cardinality) {
        AD ad = new AD();
        ad.setID(id);
        ad.setName(id);
        ad.setType(type);
        ad.setCardinality(cardinality);
        if (min != null) {
            ad.setMin(min);
        }
        if (max != null) {
            ad.setMax(max);
        }
        ad.setRequired(true);
        if (defaultValue != null) {
            ad.setDefaultValue(defaultValue); // after the type, which the value is read as
        }
        return new AttributeDefinition() {
            @Override
            public String getName() {
                return ad.getName();
            }

            @Override
            public String getID() {
                return ad.getID();
            }

            @Override
            public String getDescription() {
                return null;
            }

            @Override
            public int getCardinality() {
                return ad.getCardinality();
            }

            @Override
            public int getType() {
                return ad.getType();
            }

            @Override
            public String[] getOptionValues() {
                return null;
            }

            @Override
            public String[] getOptionLabels() {
                return null;
            }

            @Override
            public String validate(String value) {
                return ad.validate(value);
            }

            @Override
            public String[] getDefaultValue() {
                return ad.getDefaultValue();
            }
        };
    }

    /** The set lease bounds of the lease renewal service's metatype, with their defaults. */
    static AttributeDefinition[] leaseBounds() {
        return new AttributeDefinition[] {attribute("set.lease.default.ms", "Long", "1", null, "3600000"),
            attribute("set.lease.maximum.ms", "Long", "1", null, "86400000")};
    }

    /** A slice of the lease renewal service's metatype. */
    static AttributeDefinition[] renewal() {
        return new AttributeDefinition[] {attribute("max.sets", "Integer", "1", null),
            attribute("renewal.lead.ms", "Long", "1", null), attribute("store.target", "String", null, null),
            list("allowlist.extra")};
    }
}
