package org.estuary.config.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.service.metatype.AttributeDefinition;

/** The metatype rules (type, minimum) decide which values are refused. */
class ValidatorTest {

    @Test
    void aValueBelowTheMinimumIsRefusedWithTheRule() {
        List<Violation> violations = Validator.check(Definitions.renewal(), Map.of("max.sets", "-5"));
        assertEquals(1, violations.size(), violations.toString());
        assertEquals("max.sets", violations.get(0).attribute());
        assertEquals("-5", violations.get(0).value());
        assertEquals("less than minimum", violations.get(0).rule());
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() {
        List<Violation> violations = Validator.check(Definitions.renewal(),
                Map.of("renewal.lead.ms", "soon", "max.sets", 10));
        assertEquals(List.of("renewal.lead.ms"), violations.stream().map(Violation::attribute).toList());
    }

    @Test
    void typedAndTextValuesWithinTheRulesPass() {
        assertEquals(List.of(), Validator.check(Definitions.renewal(),
                Map.of("max.sets", 10, "renewal.lead.ms", "30000", "store.target", "(store.type=rocksdb)")));
    }

    @Test
    void absentAttributesAndUndefinedPropertiesAreNotChecked() {
        assertEquals(List.of(), Validator.check(Definitions.renewal(),
                Map.of("service.pid", "org.estuary.renewal", "felix.fileinstall.filename", "file:/x.cfg")));
    }

    @Test
    void everyValueOfAMultiValuedPropertyIsChecked() {
        List<Violation> violations = Validator.check(Definitions.renewal(),
                Map.of("max.sets", new String[] {"3", "0"}));
        assertEquals("0", violations.get(0).value());
    }

    @Test
    void aPidWithoutMetatypeIsNotChecked() {
        assertEquals(List.of(), Validator.check(null, Map.of("max.sets", "-5")));
    }

    @Test
    void aRuleSeesEveryValueOfAMultiValuedAttribute() {
        Map<String, String> effective = Validator.effective(
                new AttributeDefinition[] {Definitions.attribute("patterns", "String", null,
                        null), Definitions.attribute("limit", "Long", "1", null, "7")},
                Map.of("patterns", new String[] {"a.b.*", "c.*.d"}));
        assertEquals(Map.of("patterns", "a.b.*\nc.*.d", "limit", "7"), effective);
    }
}
