from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import pwa
from .health import health

urlpatterns = [
    path("health", health, name="health"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", pwa.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("matches.urls")),
]
