package dev.fluxbench.app.unit;

import java.util.List;

import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;

interface RegistryConfigRepository extends Repository<RegistryConfig, RegistryConfig.Key> {

	@Transactional(readOnly = true)
	List<RegistryConfig> findByProperty(String property);

}
