package dev.fluxbench.app.unit;

import org.springframework.data.relational.core.mapping.Table;

/**
 * One row of the registry config (thesis Table 2): whether {@code name} is on in
 * {@code property}. Spring Data R2DBC has no composite keys (the thesis ran into this
 * too); the rows are only read, so the entity goes without an id.
 */
@Table("registry_config")
record RegistryConfig(String property, String name, boolean enabled) {

}
