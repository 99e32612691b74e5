package dev.fluxbench.app.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each app must make of {@code fluxbench-defaults.yaml}, the settings both stacks
 * share: every key in it reaches the app from that file and from no other, and a
 * {@code @ConfigurationProperties} type binds it; every {@code fluxbench.*} property has
 * configuration metadata. Each app runs these against its own class path, through a
 * {@code SharedDefaultsTests} of its own. The properties are bound as the app binds them
 * (its application.yaml, its imports, its scan of {@code dev.fluxbench.app}), without a
 * server or a database.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class AbstractSharedDefaultsTests {

	private static final String DEFAULTS = "fluxbench-defaults.yaml";

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	@Test
	void everySharedDefaultShouldComeFromTheSharedFileAlone() {
		try (ConfigurableApplicationContext context = bind()) {
			ConfigurableEnvironment environment = context.getEnvironment();
			assertThat(defaults()).isNotEmpty()
				.allSatisfy((key) -> assertThat(sourcesOf(key, environment)).as(key)
					.singleElement(InstanceOfAssertFactories.STRING)
					.contains(DEFAULTS));
		}
	}

	@Test
	void everySharedDefaultShouldBeBound() {
		try (ConfigurableApplicationContext context = bind()) {
			List<ConfigurationPropertiesBean> beans = new ArrayList<>(
					ConfigurationPropertiesBean.getAll(context).values());
			// The longest prefix first: fluxbench.db binds fluxbench.db.pool, not
			// fluxbench.
			beans.sort(Comparator.comparingInt((ConfigurationPropertiesBean bean) -> prefix(bean).length()).reversed());
			Binder binder = Binder.get(context.getEnvironment());
			// Resilience4j binds its own keys, in the full application only.
			assertThat(defaults()).filteredOn((key) -> key.startsWith("fluxbench.")).allSatisfy((key) -> {
				Bound bound = bound(key, beans);
				assertThat(bound).as("a @ConfigurationProperties type that binds %s", key).isNotNull();
				Object configured = binder.bind(key, Bindable.of(bound.type())).orElse(null);
				assertThat(bound.value()).as(key).isEqualTo(configured);
			});
		}
	}

	@Test
	void everyFluxbenchPropertyShouldHaveMetadata() {
		Set<String> described = new TreeSet<>();
		Set<String> deprecated = new TreeSet<>();
		for (JsonNode property : metadata()) {
			String name = property.get("name").asString();
			described.add(name);
			if (name.startsWith("fluxbench.") && property.has("deprecation")) {
				deprecated.add(name + " -> " + property.get("deprecation").path("replacement").asString(""));
			}
		}
		try (ConfigurableApplicationContext context = bind()) {
			assertThat(configuredKeys(context.getEnvironment())).isNotEmpty()
				.allSatisfy((key) -> assertThat(described).as("metadata for %s", key).contains(key));
		}
		assertThat(deprecated)
			.contains("fluxbench.db.pool.acquire-timeout-millis -> fluxbench.db.pool.acquire-timeout");
	}

	@Test
	void everySharedDefaultShouldBeInTheMetadataWithItsValue() {
		// The defaults live in the shared file, not in the records, so the processor
		// cannot
		// see them: META-INF/additional-spring-configuration-metadata.json repeats them,
		// and
		// this keeps the two from drifting apart.
		Map<String, String> documented = new TreeMap<>();
		for (JsonNode property : metadata()) {
			if (property.get("name").asString().startsWith("fluxbench.") && property.has("defaultValue")) {
				documented.put(property.get("name").asString(), property.get("defaultValue").asString());
			}
		}
		try (ConfigurableApplicationContext context = bind()) {
			ConfigurableEnvironment environment = context.getEnvironment();
			assertThat(defaults()).filteredOn((key) -> key.startsWith("fluxbench."))
				.isNotEmpty()
				.allSatisfy((key) -> assertThat(documented).as("the documented default of %s", key)
					.containsEntry(key, environment.getProperty(key)));
		}
	}

	@Test
	void acquireTimeoutMillisWhenStillGivenShouldSetTheAcquireTimeoutAndWarn(CapturedOutput output) {
		try (ConfigurableApplicationContext context = bind("--fluxbench.db.pool.acquire-timeout-millis=250")) {
			assertThat(context.getBean(DatabaseProperties.class).pool().acquireTimeout())
				.isEqualTo(Duration.ofMillis(250));
		}
		assertThat(output).contains("fluxbench.db.pool.acquire-timeout-millis is deprecated");
	}

	@Test
	void acquireTimeoutWhenGivenBesideTheOldNameShouldWin() {
		try (ConfigurableApplicationContext context = bind("--fluxbench.db.pool.acquire-timeout-millis=250",
				"--fluxbench.db.pool.acquire-timeout=3s")) {
			assertThat(context.getBean(DatabaseProperties.class).pool().acquireTimeout())
				.isEqualTo(Duration.ofSeconds(3));
		}
	}

	private static ConfigurableApplicationContext bind(String... args) {
		return new SpringApplicationBuilder(AllProperties.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.run(args);
	}

	/** The keys of the shared file, as the app's environment names them. */
	private static List<String> defaults() {
		try {
			List<String> keys = new ArrayList<>();
			for (PropertySource<?> source : new YamlPropertySourceLoader().load(DEFAULTS,
					new ClassPathResource(DEFAULTS))) {
				Collections.addAll(keys, ((EnumerablePropertySource<?>) source).getPropertyNames());
			}
			return keys;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The names of the property sources that set {@code key}. */
	private static List<String> sourcesOf(String key, ConfigurableEnvironment environment) {
		List<String> names = new ArrayList<>();
		for (PropertySource<?> source : environment.getPropertySources()) {
			// Boot's view of every other source, which would name them all again.
			if (!source.getName().equals("configurationProperties") && source.containsProperty(key)) {
				names.add(source.getName());
			}
		}
		return names;
	}

	/** Every fluxbench.* key that an application*.yaml or an import of it sets. */
	private static Set<String> configuredKeys(ConfigurableEnvironment environment) {
		Set<String> keys = new TreeSet<>();
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source.getName().startsWith("Config resource") && source instanceof EnumerablePropertySource<?> names) {
				for (String key : names.getPropertyNames()) {
					if (key.startsWith("fluxbench.")) {
						keys.add(key);
					}
				}
			}
		}
		return keys;
	}

	private static List<JsonNode> metadata() {
		try {
			List<JsonNode> properties = new ArrayList<>();
			for (URL url : Collections
				.list(AbstractSharedDefaultsTests.class.getClassLoader().getResources(METADATA))) {
				try (InputStream in = url.openStream()) {
					JsonMapper.shared().readTree(in).get("properties").forEach(properties::add);
				}
			}
			return properties;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String prefix(ConfigurationPropertiesBean bean) {
		return bean.getAnnotation().prefix();
	}

	/**
	 * The value a bean holds for {@code key}, read through its record accessors, and the
	 * type it is bound as; {@code null} when no bean has such a property.
	 */
	private static Bound bound(String key, List<ConfigurationPropertiesBean> beans) {
		for (ConfigurationPropertiesBean bean : beans) {
			if (key.startsWith(prefix(bean) + ".")) {
				Bound bound = read(bean.getInstance(), key.substring(prefix(bean).length() + 1));
				if (bound != null) {
					return bound;
				}
			}
		}
		return null;
	}

	private static Bound read(Object instance, String path) {
		Object value = instance;
		Method accessor = null;
		for (String name : path.split("\\.")) {
			if (value == null) {
				return null;
			}
			accessor = ReflectionUtils.findMethod(value.getClass(), camelCase(name));
			if (accessor == null) {
				return null;
			}
			ReflectionUtils.makeAccessible(accessor);
			value = ReflectionUtils.invokeMethod(accessor, value);
		}
		return new Bound(value, ResolvableType.forMethodReturnType(accessor));
	}

	private static String camelCase(String kebab) {
		StringBuilder name = new StringBuilder();
		for (String part : kebab.split("-")) {
			name.append(name.isEmpty() ? part : StringUtils.capitalize(part));
		}
		return name.toString();
	}

	private record Bound(Object value, ResolvableType type) {

	}

	/**
	 * Every @ConfigurationProperties type of the app and of apps/common, as the app scans
	 * them.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConfigurationPropertiesScan("dev.fluxbench.app")
	static class AllProperties {

	}

}
