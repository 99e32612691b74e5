package dev.fluxbench.app.unit;

import reactor.core.publisher.Flux;

import org.springframework.data.repository.Repository;

interface RegistryConfigRepository extends Repository<RegistryConfig, String> {

	Flux<RegistryConfig> findByProperty(String property);

}
