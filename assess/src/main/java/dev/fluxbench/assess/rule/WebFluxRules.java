package dev.fluxbench.assess.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.project.Dependency;
import dev.fluxbench.assess.rule.UsageRule.Family;
import dev.fluxbench.assess.source.SourceFile;

/**
 * What stands between a module and WebFlux: everything that blocks a thread or needs one.
 */
final class WebFluxRules {

	private WebFluxRules() {
	}

	static List<Rule> all() {
		return List.of(new JdbcDriver(), blockingDataAccess(), blockingHttpClient(), soapClient(), ldap(),
				blockingCache(), new CacheablePlain(), springSessionJdbc(), new SchemaMigration(), jpaTransactions(),
				servletApi(), servletSecurity(), threadContext(), async(), new BlockingCall(), new ThymeleafModel());
	}

	private static final Map<String, Driver> DRIVERS = Map.ofEntries(
			Map.entry("org.postgresql:postgresql",
					new Driver("PostgreSQL", "org.postgresql:r2dbc-postgresql",
							List.of("org.postgresql:r2dbc-postgresql", "io.r2dbc:r2dbc-postgresql"))),
			Map.entry("org.mariadb.jdbc:mariadb-java-client",
					new Driver("MariaDB", "org.mariadb:r2dbc-mariadb", List.of("org.mariadb:r2dbc-mariadb"))),
			Map.entry("com.mysql:mysql-connector-j",
					new Driver("MySQL", "io.asyncer:r2dbc-mysql",
							List.of("io.asyncer:r2dbc-mysql", "dev.miku:r2dbc-mysql"))),
			Map.entry("mysql:mysql-connector-java",
					new Driver("MySQL", "io.asyncer:r2dbc-mysql",
							List.of("io.asyncer:r2dbc-mysql", "dev.miku:r2dbc-mysql"))),
			Map.entry("com.microsoft.sqlserver:mssql-jdbc",
					new Driver("SQL Server", "io.r2dbc:r2dbc-mssql", List.of("io.r2dbc:r2dbc-mssql"))),
			Map.entry("com.oracle.database.jdbc:ojdbc11",
					new Driver("Oracle", "com.oracle.database.r2dbc:oracle-r2dbc",
							List.of("com.oracle.database.r2dbc:oracle-r2dbc"))),
			Map.entry("com.oracle.database.jdbc:ojdbc8",
					new Driver("Oracle", "com.oracle.database.r2dbc:oracle-r2dbc",
							List.of("com.oracle.database.r2dbc:oracle-r2dbc"))),
			Map.entry("com.h2database:h2", new Driver("H2", "io.r2dbc:r2dbc-h2", List.of("io.r2dbc:r2dbc-h2"))),
			Map.entry("com.ibm.db2:jcc", new Driver("Db2", null, List.of())),
			Map.entry("org.xerial:sqlite-jdbc", new Driver("SQLite", null, List.of())),
			Map.entry("org.hsqldb:hsqldb", new Driver("HSQLDB", null, List.of())),
			Map.entry("org.apache.derby:derby", new Driver("Derby", null, List.of())));

	static UsageRule blockingDataAccess() {
		return new UsageRule(
				RuleInfo.webflux("webflux.blocking-data-access", "Blocking data access (JPA, JDBC, MyBatis, jOOQ)",
						Severity.BLOCKER, Effort.REWRITE,
						"Every query holds the calling thread until the database answers, which on an event loop stalls"
								+ " every other request.",
						"Move the data access to R2DBC."),
				true,
				List.of(new Family("JPA/Hibernate",
						List.of("jakarta.persistence", "javax.persistence", "org.hibernate",
								"org.springframework.data.jpa", "org.springframework.orm.jpa"),
						List.of("org.hibernate.orm:hibernate-core", "org.hibernate:hibernate-core",
								"org.springframework.data:spring-data-jpa"),
						"Spring Data R2DBC (Hibernate Reactive for some databases)", true,
						"Move the repositories to Spring Data R2DBC returning Mono/Flux; composite keys"
								+ " (@EmbeddedId) and generation strategies need rework, as in the thesis (5.3)."),
						new Family("JDBC",
								List.of("org.springframework.data.jdbc", "org.springframework.jdbc.core",
										"org.springframework.jdbc.core.simple.JdbcClient", "java.sql.Connection",
										"java.sql.PreparedStatement", "java.sql.Statement", "java.sql.ResultSet",
										"java.sql.DriverManager", "javax.sql.DataSource"),
								List.of("org.springframework.data:spring-data-jdbc"),
								"DatabaseClient or R2dbcEntityTemplate (spring-r2dbc)", true,
								"Rewrite the queries with DatabaseClient or Spring Data R2DBC repositories."),
						new Family("MyBatis", List.of("org.apache.ibatis", "org.mybatis"),
								List.of("org.mybatis:mybatis", "org.mybatis.spring.boot:mybatis-spring-boot-starter"),
								"none official: DatabaseClient", false,
								"MyBatis has no reactive API: rewrite the mappers' queries with DatabaseClient."),
						new Family("jOOQ (blocking API)", List.of("org.jooq.DSLContext", "org.jooq.impl.DSL"),
								List.of("org.jooq:jooq"), "jOOQ's reactive API over an R2DBC ConnectionFactory", true,
								"Build the DSLContext on an R2DBC ConnectionFactory and wrap its queries with"
										+ " Flux.from(…) / Mono.from(…) instead of fetch().")));
	}

	static final List<String> BLOCKING_HTTP = List.of("org.springframework.web.client.RestTemplate",
			"org.springframework.web.client.RestClient", "org.apache.http.client", "org.apache.http.impl.client",
			"org.apache.hc.client5.http.classic", "org.apache.hc.client5.http.impl.classic",
			"java.net.HttpURLConnection", "okhttp3.OkHttpClient", "feign", "org.springframework.cloud.openfeign");

	static UsageRule blockingHttpClient() {
		return new UsageRule(
				RuleInfo.webflux("webflux.blocking-http-client", "Blocking HTTP and RPC clients", Severity.BLOCKER,
						Effort.LOCAL,
						"A blocking client holds the thread for the whole remote call, the longest wait a request has.",
						"Use WebClient."),
				true,
				List.of(new Family("RestTemplate", List.of("org.springframework.web.client.RestTemplate"), List.of(),
						"WebClient", true, "Replace RestTemplate with WebClient and return its Mono."),
						new Family("RestClient", List.of("org.springframework.web.client.RestClient"), List.of(),
								"WebClient", true,
								"Replace RestClient with WebClient: the same fluent calls, returning Mono/Flux."),
						new Family("Feign", List.of("feign", "org.springframework.cloud.openfeign"),
								List.of("io.github.openfeign:feign-core",
										"org.springframework.cloud:spring-cloud-starter-openfeign"),
								"HTTP interface clients (@HttpExchange) over WebClient", true,
								"Declare the client as a Spring HTTP interface backed by WebClient, with Mono/Flux"
										+ " return types."),
						new Family("Apache HttpClient (classic)",
								List.of("org.apache.http.client", "org.apache.http.impl.client",
										"org.apache.hc.client5.http.classic",
										"org.apache.hc.client5.http.impl.classic"),
								List.of("org.apache.httpcomponents:httpclient"),
								"WebClient, or HttpClient 5's async client", true,
								"Use WebClient (on Reactor Netty, or on HttpClient 5's async client through"
										+ " HttpComponentsClientHttpConnector)."),
						new Family("HttpURLConnection / OkHttp", List.of("java.net.HttpURLConnection", "okhttp3"),
								List.of(), "WebClient", true, "Replace the call with WebClient.")));
	}

	static UsageRule soapClient() {
		List<String> soap = List.of("jakarta.xml.ws", "javax.xml.ws", "jakarta.xml.soap", "javax.xml.soap",
				"org.springframework.ws.client", "org.apache.cxf");
		return new UsageRule(
				RuleInfo.webflux("webflux.soap-client", "SOAP client", Severity.BLOCKER, Effort.LOCAL,
						"SOAP clients (JAX-WS, SAAJ, Spring-WS, or an envelope posted with a blocking client) wait for"
								+ " the whole exchange on the calling thread.",
						"Post the envelope with WebClient and parse the answer off the event loop."),
				true,
				List.of(new Family("SOAP (JAX-WS, SAAJ, Spring-WS)", soap,
						List.of("com.sun.xml.ws:jaxws-rt", "jakarta.xml.ws:jakarta.xml.ws-api",
								"javax.xml.ws:jaxws-api", "com.sun.xml.messaging.saaj:saaj-impl",
								"org.springframework.ws:spring-ws-core", "org.apache.cxf:cxf-rt-frontend-jaxws"),
						"WebClient posting the envelope; JAX-WS async with Mono.fromFuture", true,
						"Post the envelope with WebClient, or call the JAX-WS async port and adapt its Future"
								+ " with Mono.fromFuture (the thesis' ReactorAsyncHandler, 5.3)."),
						new Family("SOAP envelope over a blocking client", BLOCKING_HTTP, List.of(),
								"WebClient posting the envelope", true,
								"Post the same envelope with WebClient and decode the answer in the Mono.")),
				(module, file) -> file.uses((type) -> Types.matches(type, soap)) || file.strings()
					.keySet()
					.stream()
					.anyMatch((literal) -> literal.equalsIgnoreCase("SOAPAction")));
	}

	static UsageRule ldap() {
		return new UsageRule(RuleInfo.webflux("webflux.ldap", "Blocking LDAP and JNDI", Severity.BLOCKER, Effort.LOCAL,
				"LDAP binds and searches go through JNDI, which blocks, and there is no reactive LDAP client.",
				"Adapt the AuthenticationManager with ReactiveAuthenticationManagerAdapter on a bounded scheduler."),
				true,
				List.of(new Family("LDAP",
						List.of("org.springframework.security.ldap", "org.springframework.ldap",
								"javax.naming.directory", "javax.naming.ldap", "com.unboundid.ldap.sdk"),
						List.of("org.springframework.security:spring-security-ldap",
								"org.springframework.ldap:spring-ldap-core"),
						"none reactive: ReactiveAuthenticationManagerAdapter", false,
						"No reactive LDAP exists: wrap the provider in ReactiveAuthenticationManagerAdapter with"
								+ " its own bounded scheduler, as the thesis suggests (5.4)."),
						new Family("JNDI", List.of("javax.naming.InitialContext", "javax.naming.Context"), List.of(),
								"none reactive: Mono.fromCallable on Schedulers.boundedElastic()", false,
								"Look the resource up once at start-up, or wrap the lookup in Mono.fromCallable on"
										+ " Schedulers.boundedElastic().")));
	}

	static UsageRule blockingCache() {
		return new UsageRule(RuleInfo.webflux("webflux.blocking-cache", "Caches without a reactive API",
				Severity.BLOCKER, Effort.LOCAL,
				"A cache read over the network (Redis, a clustered cache) blocks the thread like a database call.",
				"Use a cache with an asynchronous API, and return Mono from the cached methods."), true,
				List.of(new Family("Redis (blocking)",
						List.of("org.springframework.data.redis.core.RedisTemplate",
								"org.springframework.data.redis.core.StringRedisTemplate",
								"org.springframework.data.redis.cache.RedisCacheManager",
								"org.springframework.data.redis.cache.RedisCacheConfiguration", "redis.clients.jedis"),
						List.of("redis.clients:jedis"),
						"ReactiveRedisTemplate; RedisCacheManager over Lettuce with" + " Mono-returning @Cacheable",
						true,
						"Use ReactiveRedisTemplate, or keep RedisCacheManager over Lettuce and make the cached"
								+ " methods return Mono (Spring 6.1+ then reads the cache asynchronously)."),
						new Family("Infinispan", List.of("org.infinispan"),
								List.of("org.infinispan:infinispan-core",
										"org.infinispan:infinispan-spring-boot3-starter-embedded"),
								"Infinispan's async API; clustered mode untested reactively", false,
								"Use the async cache API through Mono.fromCompletionStage; the thesis could not make"
										+ " the clustered cache work reactively and disabled it (5.4)."),
						new Family("JCache", List.of("javax.cache", "org.springframework.cache.jcache"),
								List.of("javax.cache:cache-api"), "Caffeine's AsyncCache", true,
								"JCache has no asynchronous API: use Caffeine's AsyncCache for a local cache, or"
										+ " ReactiveRedisTemplate for a shared one.")));
	}

	static UsageRule springSessionJdbc() {
		return new UsageRule(
				RuleInfo.webflux("webflux.spring-session-jdbc", "Spring Session JDBC", Severity.BLOCKER, Effort.LOCAL,
						"Spring Session JDBC stores sessions through JDBC and has no reactive repository.",
						"Move sessions to Spring Session Data Redis's reactive repository."),
				false,
				List.of(new Family("Spring Session JDBC", List.of("org.springframework.session.jdbc"),
						List.of("org.springframework.session:spring-session-jdbc"),
						"spring-session-data-redis (@EnableRedisWebSession)", true,
						"Replace spring-session-jdbc with spring-session-data-redis and @EnableRedisWebSession"
								+ " (or spring-session-data-mongodb's reactive repository).")));
	}

	static UsageRule jpaTransactions() {
		return new UsageRule(
				RuleInfo.webflux("webflux.jpa-transactions", "@Transactional with a JPA transaction" + " manager",
						Severity.EFFORT, Effort.LOCAL,
						"JPA transactions are bound to the thread, and a reactive pipeline hops between threads.",
						"Use R2dbcTransactionManager: @Transactional on Mono/Flux methods, or TransactionalOperator."),
				true,
				List.of(new Family("JPA transactions",
						List.of("org.springframework.transaction.annotation.Transactional",
								"jakarta.transaction.Transactional", "javax.transaction.Transactional",
								"org.springframework.orm.jpa.JpaTransactionManager"),
						List.of(), "R2dbcTransactionManager, TransactionalOperator", true,
						"Switch to R2dbcTransactionManager; @Transactional then works on methods that return"
								+ " Mono/Flux, and TransactionalOperator for the rest.")),
				(module, file) -> module.has("org.springframework.data", "spring-data-jpa")
						|| module.has("org.hibernate.orm", "hibernate-core")
						|| file.uses((type) -> type.equals("org.springframework.orm.jpa.JpaTransactionManager")));
	}

	static UsageRule servletApi() {
		return new UsageRule(
				RuleInfo.webflux("webflux.servlet-api", "Servlet API", Severity.BLOCKER, Effort.LOCAL,
						"WebFlux runs on Netty without a servlet container, so HttpServletRequest, filters and"
								+ " RequestContextHolder are not there.",
						"Use ServerWebExchange, WebFilter and the exchange's attributes."),
				false,
				List.of(new Family("Servlet API",
						List.of("jakarta.servlet", "javax.servlet",
								"org.springframework.web.filter.OncePerRequestFilter",
								"org.springframework.web.filter.GenericFilterBean",
								"org.springframework.web.context.request.RequestContextHolder",
								"org.springframework.web.context.request.ServletRequestAttributes",
								"org.springframework.web.servlet"),
						List.of(), "ServerWebExchange, WebFilter", true,
						"Replace HttpServletRequest with ServerWebExchange (or ServerHttpRequest), filters with"
								+ " WebFilter, and RequestContextHolder with the exchange's attributes.")));
	}

	static UsageRule servletSecurity() {
		return new UsageRule(
				RuleInfo.webflux("webflux.servlet-security", "Servlet security", Severity.BLOCKER, Effort.LOCAL,
						"Spring Security's servlet configuration is a filter chain that WebFlux never runs.",
						"Rebuild it as a SecurityWebFilterChain with ServerHttpSecurity."),
				false,
				List.of(new Family("Servlet security", List.of("org.springframework.security.web.SecurityFilterChain",
						"org.springframework.security.config.annotation.web.builders.HttpSecurity",
						"org.springframework.security.config.annotation.web.configuration.EnableWebSecurity",
						"org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity",
						"org.springframework.security.web.authentication", "org.springframework.security.web.access",
						"org.springframework.security.web.AuthenticationEntryPoint"), List.of(),
						"SecurityWebFilterChain with ServerHttpSecurity", true,
						"Rebuild the chain as a SecurityWebFilterChain (@EnableWebFluxSecurity, ServerHttpSecurity),"
								+ " with ReactiveUserDetailsService and @EnableReactiveMethodSecurity.")));
	}

	static UsageRule threadContext() {
		return new UsageRule(RuleInfo.webflux("webflux.thread-context", "SecurityContextHolder, ThreadLocal and MDC",
				Severity.EFFORT, Effort.LOCAL,
				"A reactive pipeline runs on whichever thread delivers the next signal, so values kept per thread"
						+ " are lost or leak to other requests.",
				"Carry them in Reactor's Context."), false,
				List.of(new Family("Per-thread context",
						List.of("org.springframework.security.core.context.SecurityContextHolder",
								"java.lang.ThreadLocal", "java.lang.InheritableThreadLocal", "org.slf4j.MDC",
								"org.apache.logging.log4j.ThreadContext",
								"org.springframework.context.i18n.LocaleContextHolder",
								"org.springframework.transaction.support.TransactionSynchronizationManager"),
						List.of(), "ReactiveSecurityContextHolder; Reactor Context with context-propagation", true,
						"Read the user from ReactiveSecurityContextHolder, and carry MDC and other per-thread"
								+ " values in Reactor's Context (Hooks.enableAutomaticContextPropagation).")));
	}

	static UsageRule async() {
		return new UsageRule(RuleInfo.webflux("webflux.async", "@Async", Severity.EFFORT, Effort.LOCAL,
				"@Async hands work to a thread pool and returns a Future, which a reactive pipeline cannot compose"
						+ " without blocking.",
				"Return Mono instead, with subscribeOn(Schedulers.boundedElastic()) for blocking work."), false,
				List.of(new Family("@Async",
						List.of("org.springframework.scheduling.annotation.Async",
								"org.springframework.scheduling.annotation.EnableAsync"),
						List.of(), "Mono with subscribeOn(Schedulers.boundedElastic())", true,
						"Return Mono from the method and drop @Async; offload blocking parts with"
								+ " subscribeOn(Schedulers.boundedElastic()).")));
	}

	/** A JDBC driver, and the R2DBC driver for the same database where there is one. */
	private record Driver(String database, String r2dbc, List<String> r2dbcArtifacts) {

	}

	static final class JdbcDriver extends BaseRule {

		JdbcDriver() {
			super(RuleInfo.webflux("webflux.jdbc-driver", "JDBC driver", Severity.BLOCKER, Effort.REWRITE,
					"A JDBC driver blocks its thread for every query, and WebFlux has a few event-loop threads for"
							+ " all requests.",
					"Replace it with the R2DBC driver for the same database."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (Dependency dependency : module.dependencies()) {
				Driver driver = DRIVERS.get(dependency.key());
				if (driver == null || driver.r2dbcArtifacts()
					.stream()
					.anyMatch((r2dbc) -> module.has(r2dbc.substring(0, r2dbc.indexOf(':')),
							r2dbc.substring(r2dbc.indexOf(':') + 1)))) {
					continue;
				}
				boolean exists = driver.r2dbc() != null;
				String action = exists
						? "Replace it with " + driver.r2dbc() + " (Spring Data R2DBC, DatabaseClient); keep the JDBC"
								+ " driver only for Flyway or Liquibase."
						: "There is no R2DBC driver for " + driver.database()
								+ ": keep JDBC on Schedulers.boundedElastic() or stay on MVC (virtual threads).";
				findings.add(finding(module, module.location(dependency),
						driver.database() + " JDBC driver " + dependency.version(), Severity.BLOCKER, Effort.REWRITE,
						action, exists ? driver.r2dbc() : "none for " + driver.database(), exists));
			}
			return findings;
		}

	}

	/**
	 * {@code @Cacheable} on a method that returns a plain value rather than a Mono or
	 * Flux.
	 */
	static final class CacheablePlain extends BaseRule {

		private static final Set<String> CACHING = Set.of("org.springframework.cache.annotation.Cacheable",
				"org.springframework.cache.annotation.CachePut");

		CacheablePlain() {
			super(RuleInfo.webflux("webflux.cacheable-plain", "@Cacheable on non-reactive types", Severity.EFFORT,
					Effort.LOCAL,
					"A cached method that returns a plain value reads the cache synchronously, which WebFlux cannot"
							+ " do on an event loop.",
					"Return Mono or Flux from it; Spring 6.1+ caches those with an asynchronous cache"
							+ " (Caffeine's AsyncCache, Redis over Lettuce)."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				for (SourceFile.Method method : file.methods()) {
					if (method.annotations().stream().anyMatch(CACHING::contains)
							&& !Types.REACTIVE_RETURNS.contains(method.returnType())) {
						findings.add(finding(module, Location.file(file.path(), method.line()),
								method.enclosingType() + "." + method.name() + " returns "
										+ Types.simpleName(method.returnType()),
								info().severity(), info().effort(), null, "Mono-returning @Cacheable", true));
					}
				}
			}
			return findings;
		}

	}

	/** Flyway and Liquibase, which run over JDBC only. */
	static final class SchemaMigration extends BaseRule {

		SchemaMigration() {
			super(RuleInfo.webflux("webflux.schema-migration", "Flyway and Liquibase need JDBC", Severity.BLOCKER,
					Effort.CONFIGURATION,
					"Flyway and Liquibase migrate over JDBC only: with R2DBC, Boot's DataSource backs off and the"
							+ " migrations silently do not run.",
					"Keep a JDBC driver beside the R2DBC one and give the tool its own JDBC URL."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			migration(module, findings, "org.flywaydb", "flyway-core", "Flyway", "spring.flyway.url");
			migration(module, findings, "org.liquibase", "liquibase-core", "Liquibase", "spring.liquibase.url");
			return findings;
		}

		private void migration(ModuleContext module, List<Finding> findings, String groupId, String artifactId,
				String tool, String urlKey) {
			module.dependency(groupId, artifactId).ifPresent((dependency) -> {
				if (module.setting(urlKey).isEmpty()) {
					findings.add(finding(module, module.location(dependency),
							tool + " " + dependency.version() + " with no " + urlKey, info().severity(),
							info().effort(),
							"Set " + urlKey + " (with its user and password) to a JDBC URL and keep the JDBC"
									+ " driver; Flyway has no R2DBC support (thesis 5.3).",
							urlKey + " with a JDBC driver", true));
				}
			});
		}

	}

	/** Thread.sleep, file I/O and block() in the classes that serve requests. */
	static final class BlockingCall extends BaseRule {

		BlockingCall() {
			super(RuleInfo.webflux("webflux.blocking-call", "Thread.sleep, file I/O and block() in request paths",
					Severity.BLOCKER, Effort.LOCAL,
					"A sleep, a file read or a block() on an event-loop thread stops every connection that loop"
							+ " serves.",
					"Use Mono.delay for waits, and run file I/O with Mono.fromCallable on"
							+ " Schedulers.boundedElastic()."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				if (!ModuleContext.inRequestPath(file)) {
					continue;
				}
				List<SourceFile.Call> calls = file.calls().stream().filter(BlockingCall::sleepsOrReads).toList();
				if (calls.isEmpty()) {
					continue;
				}
				String evidence = few(calls.stream()
					.map((call) -> (call.name().equals(SourceFile.CONSTRUCTOR) ? "new " : "")
							+ Types.simpleName(String.valueOf(call.receiverType()))
							+ (call.name().equals(SourceFile.CONSTRUCTOR) ? "" : "." + call.name()))
					.toList());
				Location location = Location.file(file.path(), calls.get(0).line());
				if (module.reactive() && module.offloaded(file)) {
					findings.add(finding(module, location, evidence, Severity.NOTE, Effort.NONE,
							"Already handed to a Reactor scheduler: keep it there.", null, null));
				}
				else {
					findings.add(finding(module, location, evidence));
				}
			}
			return findings;
		}

		private static boolean sleepsOrReads(SourceFile.Call call) {
			String receiver = call.receiverType();
			if (receiver == null) {
				return false;
			}
			if (receiver.equals("java.lang.Thread")) {
				return call.name().equals("sleep");
			}
			if (receiver.equals("java.nio.file.Files")) {
				return true;
			}
			if (call.name().equals(SourceFile.CONSTRUCTOR)) {
				return Set
					.of("java.io.FileInputStream", "java.io.FileOutputStream", "java.io.FileReader",
							"java.io.FileWriter", "java.io.RandomAccessFile")
					.contains(receiver);
			}
			return receiver.startsWith("reactor.core.publisher.") && call.name().startsWith("block");
		}

	}

	/** A Thymeleaf page whose model would have to wait for its data. */
	static final class ThymeleafModel extends BaseRule {

		private static final Set<String> MODELS = Set.of("org.springframework.ui.Model",
				"org.springframework.ui.ModelMap", "org.springframework.web.servlet.ModelAndView");

		ThymeleafModel() {
			super(RuleInfo.webflux("webflux.thymeleaf-model", "Thymeleaf models that need data-driver variables",
					Severity.EFFORT, Effort.LOCAL,
					"A Thymeleaf model filled from reactive data must wrap it, or the page waits for all of it"
							+ " before the first byte.",
					"Wrap the reactive attributes in ReactiveDataDriverContextVariable (thesis 5.1)."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			if (!module.has("org.thymeleaf", "thymeleaf")) {
				return findings;
			}
			for (SourceFile file : module.sources()) {
				boolean controller = file.declaresTypeAnnotatedWith(
						(annotation) -> annotation.equals("org.springframework.stereotype.Controller"));
				boolean wrapped = file.uses((type) -> type.endsWith(".ReactiveDataDriverContextVariable"));
				if (!controller || wrapped) {
					continue;
				}
				file.methods()
					.stream()
					.filter((method) -> MODELS.contains(method.returnType())
							|| method.parameterTypes().stream().anyMatch(MODELS::contains))
					.findFirst()
					.ifPresent((method) -> findings.add(finding(module, Location.file(file.path(), method.line()),
							"page " + method.enclosingType() + "." + method.name() + " fills a Model",
							info().severity(), info().effort(), null, "ReactiveDataDriverContextVariable", true)));
			}
			return findings;
		}

	}

}
