package dev.fluxbench.assess.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Recognition;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.config.ConfigEntry;
import dev.fluxbench.assess.project.Dependency;
import dev.fluxbench.assess.source.SourceFile;

/**
 * What a module already has in the shape a target wants: a migration starts from it, and
 * a report that only listed problems would hide it.
 */
public final class Recognizer {

	private static final Map<String, String> REACTIVE_LIBRARIES = Map.ofEntries(
			Map.entry("org.springframework:spring-webflux", "Spring WebFlux"),
			Map.entry("org.springframework.data:spring-data-r2dbc", "Spring Data R2DBC"),
			Map.entry("org.postgresql:r2dbc-postgresql", "the R2DBC driver for PostgreSQL"),
			Map.entry("org.mariadb:r2dbc-mariadb", "the R2DBC driver for MariaDB"),
			Map.entry("io.r2dbc:r2dbc-h2", "the R2DBC driver for H2"), Map.entry("io.r2dbc:r2dbc-pool", "r2dbc-pool"),
			Map.entry("io.asyncer:r2dbc-mysql", "the R2DBC driver for MySQL"),
			Map.entry("io.projectreactor:reactor-core", "Reactor"));

	/** Types whose use in a file shows reactive code, with what to call them. */
	private static final Map<String, String> REACTIVE_TYPES = Map.ofEntries(
			Map.entry("org.springframework.web.reactive.function.client.WebClient", "WebClient"),
			Map.entry("org.springframework.data.redis.core.ReactiveRedisTemplate", "ReactiveRedisTemplate"),
			Map.entry("org.springframework.data.redis.connection.ReactiveRedisConnectionFactory",
					"a reactive Redis connection"),
			Map.entry("org.springframework.security.web.server.SecurityWebFilterChain", "SecurityWebFilterChain"),
			Map.entry("org.springframework.security.config.web.server.ServerHttpSecurity", "ServerHttpSecurity"),
			Map.entry("org.springframework.security.authentication.ReactiveAuthenticationManagerAdapter",
					"ReactiveAuthenticationManagerAdapter (a blocking bind off the event loop, thesis 5.4)"),
			Map.entry("org.thymeleaf.spring6.context.webflux.ReactiveDataDriverContextVariable",
					"ReactiveDataDriverContextVariable (thesis 5.1)"),
			Map.entry("org.thymeleaf.spring5.context.webflux.ReactiveDataDriverContextVariable",
					"ReactiveDataDriverContextVariable (thesis 5.1)"),
			Map.entry("org.springframework.r2dbc.core.DatabaseClient", "DatabaseClient"),
			Map.entry("org.springframework.data.r2dbc.core.R2dbcEntityTemplate", "R2dbcEntityTemplate"),
			Map.entry("org.springframework.data.repository.reactive.ReactiveCrudRepository", "a reactive repository"),
			Map.entry("org.springframework.data.r2dbc.repository.R2dbcRepository", "a reactive repository"),
			Map.entry("org.springframework.web.server.WebFilter", "WebFilter"),
			Map.entry("org.springframework.web.server.ServerWebExchange", "ServerWebExchange"),
			Map.entry("org.springframework.security.core.context.ReactiveSecurityContextHolder",
					"ReactiveSecurityContextHolder"),
			Map.entry("reactor.core.scheduler.Schedulers", "blocking work handed to a Reactor scheduler"));

	private Recognizer() {
	}

	public static List<Recognition> recognise(ModuleContext module) {
		List<Recognition> found = new ArrayList<>();
		REACTIVE_LIBRARIES.forEach((key, what) -> {
			String[] coordinates = key.split(":");
			Optional<Dependency> library = module.dependency(coordinates[0], coordinates[1]);
			library.filter(Dependency::direct)
				.ifPresent((dependency) -> found.add(new Recognition(Target.WEBFLUX, module.name(),
						what + " " + dependency.version(), module.location(dependency))));
		});
		for (SourceFile file : module.sources()) {
			for (Map.Entry<String, String> type : REACTIVE_TYPES.entrySet()) {
				file.firstUse((used) -> used.equals(type.getKey()))
					.ifPresent((use) -> found.add(new Recognition(Target.WEBFLUX, module.name(), type.getValue(),
							Location.file(file.path(), use.line()))));
			}
			long handlers = file.methods()
				.stream()
				.filter((method) -> method.returnType().equals("reactor.core.publisher.Mono")
						|| method.returnType().equals("reactor.core.publisher.Flux"))
				.count();
			if (handlers > 0) {
				SourceFile.Method first = file.methods()
					.stream()
					.filter((method) -> method.returnType().startsWith("reactor.core.publisher."))
					.findFirst()
					.orElseThrow();
				found.add(new Recognition(Target.WEBFLUX, module.name(), "methods returning Mono or Flux",
						Location.file(file.path(), first.line())));
			}
			file.calls()
				.stream()
				.filter((call) -> call.name().equals("newVirtualThreadPerTaskExecutor")
						|| call.name().equals("ofVirtual"))
				.findFirst()
				.ifPresent((call) -> found.add(new Recognition(Target.VIRTUAL_THREADS, module.name(),
						"virtual threads started in code", Location.file(file.path(), call.line()))));
		}
		for (String key : List.of("spring.flyway.url", "spring.liquibase.url")) {
			module.setting(key)
				.ifPresent((entry) -> found.add(new Recognition(Target.WEBFLUX, module.name(),
						key + " set: migrations run over JDBC beside R2DBC",
						Location.file(entry.file(), entry.line()))));
		}
		module.setting("spring.threads.virtual.enabled")
			.filter((entry) -> entry.value().equalsIgnoreCase("true"))
			.ifPresent((entry) -> found.add(new Recognition(Target.VIRTUAL_THREADS, module.name(),
					"spring.threads.virtual.enabled=true" + profile(entry),
					Location.file(entry.file(), entry.line()))));
		return found;
	}

	private static String profile(ConfigEntry entry) {
		return entry.profile().isEmpty() ? "" : " (profile " + entry.profile() + ")";
	}

}
